// Applies the saved theme before the first paint, so a dark page never flashes light.
(function () {
  try {
    var saved = localStorage.getItem("football-pool-theme") || "system";
    var dark = saved === "dark" || (saved === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {}
})();
