import type { App } from "../types";

export async function accountRoutes(app: App) {
  void app;
}
