import type { AuthLimits } from "./auth.routes";
import type { App } from "../types";

export async function passwordResetRoutes(app: App, limits: AuthLimits) {
  void limits;
  void app;
}
