// The landing page: the app is kept for offline use from this first visit, the engine's
// runtime included, though no engine runs here.
import { keepAll, register } from "./common.js";

if ("serviceWorker" in navigator) {
  register();
  keepAll();
}
