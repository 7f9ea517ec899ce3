import Mustache

/// The web paywall's page and style: server-rendered HTML that works without JavaScript, a form whose
/// submit button starts the checkout of the package chosen with the radio buttons. Every value is escaped
/// by Mustache's `{{…}}`.
enum WebPaywallTemplate {
    /// The style sheet's version, in its URL, so browsers may keep it for a year.
    static let styleVersion = "1"

    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        // Literal templates: a mistake in them is a programming error, caught by the first test that renders.
        try! library.register(head, named: "head")
        try! library.register(page, named: "page")
        try! library.register(message, named: "message")
        return library
    }()

    /// The pages' shared beginning, a partial.
    static let head = """
    <!doctype html>
    <html lang="{{lang}}">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{title}}</title>
    <link rel="stylesheet" href="/p/paywall.css?v={{style_version}}">
    </head>
    """

    static let page = """
    {{> head}}
    <body>
    <main class="paywall" aria-labelledby="paywall-title">
    {{#header}}<img class="header" src="{{header}}" alt="">{{/header}}
    <h1 id="paywall-title">{{title}}</h1>
    {{#subtitle}}<p class="subtitle">{{subtitle}}</p>{{/subtitle}}
    {{#has_features}}<ul class="features">{{#features}}<li>{{.}}</li>{{/features}}</ul>{{/has_features}}
    {{#has_packages}}
    <form method="post" action="{{action}}">
    <input type="hidden" name="app_user_id" value="{{app_user_id}}">
    {{#context}}<input type="hidden" name="{{name}}" value="{{value}}">{{/context}}
    <fieldset>
    <legend>{{choose}}</legend>
    {{#packages}}
    <label class="package" for="package-{{id}}">
    <input type="radio" id="package-{{id}}" name="package" value="{{id}}"{{#checked}} checked{{/checked}}>
    <span class="name">{{name}}</span>
    <span class="price">{{price}}</span>
    {{#per_month}}<span class="per-month">{{per_month}}</span>{{/per_month}}
    {{#trial}}<span class="trial">{{trial}}</span>{{/trial}}
    </label>
    {{/packages}}
    </fieldset>
    <button type="submit">{{call_to_action}}</button>
    </form>
    {{/has_packages}}
    {{^has_packages}}<p class="notice">{{not_on_web}}</p>{{/has_packages}}
    {{#footer}}<p class="footer">{{footer}}</p>{{/footer}}
    </main>
    </body>
    </html>
    """

    static let message = """
    {{> head}}
    <body>
    <main class="paywall message">
    <h1>{{title}}</h1>
    <p>{{text}}</p>
    </main>
    </body>
    </html>
    """

    /// Plain CSS: a centred card, large targets, the system's fonts, contrast of at least 7:1 for text.
    static let style = """
    :root { color-scheme: light; --ink: #1a1a2e; --muted: #3d3d55; --accent: #0b5cad; --line: #c9cbd6; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f4f5f8; }
    .paywall { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 2rem; background: #fff; min-height: 100vh; }
    @media (min-width: 40rem) { .paywall { margin: 2rem auto; min-height: 0; border-radius: 1rem; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; } }
    .header { display: block; width: 100%; max-height: 12rem; object-fit: cover; border-radius: .75rem; }
    h1 { font-size: 1.75rem; line-height: 1.2; margin: 1rem 0 .5rem; }
    .subtitle { color: var(--muted); margin: 0 0 1rem; }
    .features { padding-left: 1.25rem; margin: 0 0 1.25rem; }
    .features li { margin: .25rem 0; }
    fieldset { border: 0; padding: 0; margin: 0 0 1.25rem; }
    legend { font-weight: 600; margin-bottom: .5rem; }
    .package { display: grid; grid-template-columns: auto 1fr auto; gap: .25rem .75rem; align-items: center; padding: .875rem 1rem;
      border: 2px solid var(--line); border-radius: .75rem; margin-bottom: .625rem; cursor: pointer; }
    .package:has(input:checked) { border-color: var(--accent); background: #eef4fb; }
    .package input { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--accent); }
    .package .name { font-weight: 600; }
    .package .price { font-weight: 600; text-align: right; }
    .package .per-month, .package .trial { grid-column: 2 / 4; color: var(--muted); font-size: .9375rem; }
    input:focus-visible, button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
    button { width: 100%; min-height: 3rem; border: 0; border-radius: .75rem; background: var(--accent); color: #fff; font: inherit;
      font-weight: 600; font-size: 1.0625rem; cursor: pointer; }
    button:hover { background: #084a8c; }
    .footer, .notice { color: var(--muted); font-size: .875rem; margin-top: 1.25rem; }
    .message h1 { margin-top: 2rem; }
    """
}
