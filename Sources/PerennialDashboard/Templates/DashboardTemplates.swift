import Mustache

/// The dashboard's HTML, compiled into the binary: every page shares `top` and `bottom`, and every value
/// goes through Mustache's escaping `{{…}}` (the pages never use `{{{…}}}` but for the server's own SVG).
enum DashboardTemplates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        let templates: [(String, String)] = [
            ("top", top), ("bottom", bottom), ("message", message), ("sign_in", signIn), ("overview", overview),
            ("explain", explain), ("customers", customers), ("customer", customer), ("confirm", confirm), ("jobs", jobs),
            ("audit", audit), ("users", users), ("support-action", supportAction), ("paywall-preview", paywallPreview), ("user-access", userAccess), ("retention", retention), ("notifications", notifications), ("health", health),
            ("webhooks", webhooks), ("webhook", webhook), ("paywalls", paywalls), ("experiment", experiment),
            ("payouts", payouts), ("account", account), ("offers", offers),
            ("reconciliation", reconciliation),
        ]
        for (name, text) in templates {
            // Literal templates: a mistake in them is a programming error, caught by the first test that renders.
            try! library.register(text, named: name)
        }
        return library
    }()

    static let top = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{chrome.title}} · Perennial</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="{{chrome.css}}">
    <script src="{{chrome.js}}" defer></script>
    </head>
    <body>
    <a class="skip" href="#main">Skip to content</a>
    <header class="bar">
    <a class="brand" href="/dashboard">Perennial</a>
    {{#chrome.signedIn}}
    {{#chrome.showApps}}<nav class="apps" aria-label="Apps"><ul>{{#chrome.apps}}<li><a href="{{href}}"{{#current}} aria-current="{{current}}"{{/current}}>{{label}}</a></li>{{/chrome.apps}}</ul></nav>{{/chrome.showApps}}
    <nav class="main-nav" aria-label="Main"><ul>{{#chrome.nav}}<li><a href="{{href}}"{{#current}} aria-current="{{current}}"{{/current}}>{{label}}</a></li>{{/chrome.nav}}</ul></nav>
    <div class="who">
    <a href="/dashboard/account" title="{{chrome.userEmail}}">{{chrome.userName}} · {{chrome.role}}</a>
    <form id="sign-out" method="post" action="/dashboard/logout"><input type="hidden" name="csrf" value="{{chrome.csrf}}"><button type="submit" class="link">Sign out</button> <button type="submit" class="link" name="everywhere" value="1">Sign out everywhere</button></form>
    </div>
    {{/chrome.signedIn}}
    </header>
    <main id="main" tabindex="-1">
    {{#chrome.status}}<p class="notice" role="status">{{chrome.status}}</p>{{/chrome.status}}
    """

    static let bottom = """
    </main>
    </body>
    </html>
    """

    /// A page that only says something: refused, not found, throttled, failed.
    static let message = """
    {{> top}}
    <h1>{{heading}}</h1>
    <p>{{text}}</p>
    <p><a href="{{back}}">{{backLabel}}</a></p>
    {{> bottom}}
    """
}
