import { createContext, useContext } from "react";

export type Theme = "light" | "dark" | "system";
export const THEME_STORAGE_KEY = "football-pool-theme";

export interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

/** Provided by the app's ThemeProvider; shared so any screen can read or change the theme. */
export const ThemeContext = createContext<ThemeState>({ theme: "light", setTheme: () => undefined });

export const useTheme = () => useContext(ThemeContext);
