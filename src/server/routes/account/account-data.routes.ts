import type { App } from "../types";

export async function accountDataRoutes(app: App) {
  void app;
}
