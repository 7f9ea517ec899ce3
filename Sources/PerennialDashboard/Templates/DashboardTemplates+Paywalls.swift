extension DashboardTemplates {
    static let paywalls = """
    {{> top}}
    <h1>Paywalls of {{appID}}</h1>
    <p class="hint">{{#revision}}Revision {{revision}} is served.{{/revision}}{{^revision}}No paywall yet: write the first document below (docs/paywalls.md describes it).{{/revision}} Apps get a new revision at their next paywall request.</p>
    <h2>Placements</h2>
    {{#hasPlacements}}
    <div class="table-wrap" role="region" aria-label="Placements" tabindex="0"><table id="placements">
    <thead><tr><th scope="col">Placement</th><th scope="col">Default paywall</th></tr></thead>
    <tbody>{{#placements}}<tr><td>{{id}}</td><td>{{#preview}}<a href="{{preview}}">{{paywall}}</a>{{/preview}}{{^preview}}{{paywall}}{{/preview}}</td></tr>{{/placements}}</tbody>
    </table></div>
    {{/hasPlacements}}
    {{^hasPlacements}}<p class="empty">No placement yet: a placement names where the app shows a paywall (onboarding, settings).</p>{{/hasPlacements}}
    {{#hasPaywalls}}<h2>Previews</h2>
    <p class="hint">Each paywall as the web paywall renders it for a new customer, at phone and desktop widths; a preview records no exposure.</p>
    <ul class="inline" id="paywall-previews">{{#paywallLinks}}<li><a href="{{href}}">{{id}}</a></li>{{/paywallLinks}}</ul>{{/hasPaywalls}}
    <h2>Experiments</h2>
    {{#hasExperiments}}
    <div class="table-wrap" role="region" aria-label="Experiments" tabindex="0"><table id="experiments">
    <thead><tr><th scope="col">Experiment</th><th scope="col">Placement</th><th scope="col">Status</th><th scope="col">Variants (weight)</th></tr></thead>
    <tbody>{{#experiments}}<tr><td><a href="{{href}}">{{id}}</a></td><td>{{placement}}</td><td>{{status}}</td><td>{{variants}}</td></tr>{{/experiments}}</tbody>
    </table></div>
    {{/hasExperiments}}
    {{^hasExperiments}}<p class="empty">No experiment yet: add one to the document to compare paywalls on a placement.</p>{{/hasExperiments}}
    <h2 id="editor-heading">Edit the document</h2>
    {{#hasProblems}}<div class="alert" role="alert" id="document-problems"><p>Nothing was saved; the document has these problems:</p><ul>{{#problems}}<li><code>{{field}}</code>: {{message}}</li>{{/problems}}</ul></div>{{/hasProblems}}
    <form id="paywall-editor" class="card stack" method="post" action="{{action}}" aria-labelledby="editor-heading">
    <input type="hidden" name="csrf" value="{{csrf}}">
    {{#revision}}<input type="hidden" name="base_revision" value="{{revision}}">{{/revision}}
    <label for="document">Paywall document (JSON)</label>
    <textarea id="document" name="document" rows="18" spellcheck="false"{{#hasProblems}} aria-invalid="true" aria-describedby="document-problems"{{/hasProblems}}>{{document}}</textarea>
    <label for="note">What changed</label><input id="note" name="note" placeholder="for the revision's history">
    <button type="submit">Check and save</button>
    </form>
    <h2>Revisions</h2>
    <ol class="timeline">{{#revisions}}<li class="timeline-entry fact"><span class="what">Revision {{number}}</span> · <time datetime="{{created.iso}}" data-instant title="{{created.utc}}">{{created.utc}}</time><div class="evidence">{{note}}</div></li>{{/revisions}}</ol>
    {{> bottom}}
    """

    static let experiment = """
    {{> top}}
    <h1>Experiment {{id}}</h1>
    <p><strong>{{summary}}</strong></p>
    <p class="hint">On the placement {{placement}}, {{status}}. Computed <time datetime="{{computed.iso}}" data-instant title="{{computed.utc}}">{{computed.utc}}</time>; {{unconverted}} customers converted outside any arm are left out.</p>
    <div class="table-wrap" role="region" aria-label="Arms" tabindex="0"><table id="arms">
    <thead><tr><th scope="col">Arm</th><th scope="col">Paywall</th><th scope="col" class="number">Shown to</th><th scope="col" class="number">Trials</th><th scope="col" class="number">Paid</th><th scope="col" class="number">Conversion</th><th scope="col">95% credible interval</th><th scope="col" class="number">Chance it is best</th><th scope="col" class="number">Refunds</th><th scope="col">Proceeds per customer</th></tr></thead>
    <tbody>{{#arms}}<tr><th scope="row">{{id}}</th><td>{{paywall}}</td><td class="number">{{exposures}}</td><td class="number">{{trialStarts}}</td><td class="number">{{conversions}}</td><td class="number">{{conversionRate}}</td><td>{{interval}}</td><td class="number">{{probabilityBest}}</td><td class="number">{{refunds}}</td><td>{{proceedsPerCustomer}}</td></tr>{{/arms}}</tbody>
    </table></div>
    {{#back}}<p class="pager"><a href="{{back}}">Back to the paywalls</a></p>{{/back}}
    {{> bottom}}
    """

    static let paywallPreview = """
    {{> top}}
    <h1>Preview of {{paywallID}}</h1>
    <p class="hint">The web paywall of revision {{revision}} as a new customer sees it; its button goes nowhere and no exposure is recorded. <a href="{{back}}">Back to the paywalls</a></p>
    <form id="preview-context" class="card inline" method="get" action="{{action}}" aria-label="Locale and country">
    <div><label for="preview-locale">Locale</label><input id="preview-locale" name="locale" value="{{locale}}" placeholder="en, fr-CA"></div>
    <div><label for="preview-country">Country</label><input id="preview-country" name="country" value="{{country}}" placeholder="US" maxlength="2"></div>
    <button type="submit">Show</button>
    </form>
    <div class="previews">
    <figure class="preview phone"><figcaption>Phone, 390 px wide</figcaption>
    <iframe title="{{paywallID}} on a phone" src="{{frame}}&amp;device=phone" width="390" height="760"></iframe></figure>
    <figure class="preview desktop"><figcaption>Desktop, 1280 px wide, shown at half size</figcaption>
    <div class="frame-wrap" role="region" aria-label="Desktop preview" tabindex="0"><div class="scaled"><iframe title="{{paywallID}} on a desktop" src="{{frame}}&amp;device=desktop" width="1280" height="800"></iframe></div></div></figure>
    </div>
    {{> bottom}}
    """
}
