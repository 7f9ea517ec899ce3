/// The dashboard's only script, progressive: every page works without it. It shows each `<time>` in the
/// viewer's time zone (the UTC instant stays in its title) and each amount in the viewer's number format.
enum DashboardScript {
    static let text = """
    "use strict";
    document.addEventListener("DOMContentLoaded", function () {
      var dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
      document.querySelectorAll("time[data-instant]").forEach(function (element) {
        var instant = new Date(element.getAttribute("datetime"));
        if (!isNaN(instant.getTime())) { element.textContent = dateTime.format(instant); }
      });
      document.querySelectorAll("[data-minor-units][data-currency]").forEach(function (element) {
        var digits = Number(element.getAttribute("data-digits") || "2");
        var amount = Number(element.getAttribute("data-minor-units")) / Math.pow(10, digits);
        try {
          element.textContent = new Intl.NumberFormat(undefined, {
            style: "currency", currency: element.getAttribute("data-currency"),
            minimumFractionDigits: digits, maximumFractionDigits: digits
          }).format(amount);
        } catch (error) { /* an unknown currency keeps the server's text */ }
      });
    });
    """
}
