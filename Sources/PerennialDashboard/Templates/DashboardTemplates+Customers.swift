extension DashboardTemplates {
    static let customers = """
    {{> top}}
    <h1>Customers of {{appID}}</h1>
    <form id="customer-search" class="card inline" method="get" role="search" aria-label="Find a customer">
    <div><label for="q">App user id, alias, original transaction id, purchase token or Stripe subscription id</label>
    <input id="q" name="q" value="{{query}}" size="48" required></div>
    <div><button type="submit">Find</button></div>
    </form>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Customers found" tabindex="0"><table id="customers">
    <thead><tr><th scope="col">Customer</th><th scope="col">Matched by</th></tr></thead>
    <tbody>{{#rows}}<tr><td><a class="customer" href="{{href}}">{{appUserID}}</a></td><td>{{how}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{/hasRows}}
    {{^hasRows}}{{#searched}}<p class="empty">No customer matches “{{query}}”. Search with the exact id: app user ids and store ids are matched whole, letter for letter.</p>{{/searched}}
    {{^searched}}<p class="empty">Paste the id a customer or a store gave you: the app user id, an alias, an App Store original transaction id, a Google Play purchase token or a Stripe subscription id.</p>{{/searched}}{{/hasRows}}
    {{> bottom}}
    """

    static let customer = """
    {{> top}}
    <h1>Customer <span class="id">{{appUserID}}</span></h1>
    <dl class="facts card">
    <dt>App</dt><dd>{{appID}}</dd>
    <dt>First seen</dt><dd>{{#firstSeen}}<time datetime="{{iso}}" data-instant title="{{utc}}">{{utc}}</time>{{/firstSeen}}</dd>
    {{#hasAliases}}<dt>Also known as</dt><dd>{{#aliases}}<span class="id">{{.}}</span> {{/aliases}}</dd>{{/hasAliases}}
    </dl>
    <section id="entitlements" aria-labelledby="entitlements-heading">
    <h2 id="entitlements-heading">Entitlements now</h2>
    {{#hasEntitlements}}
    <div class="table-wrap" role="region" aria-label="Entitlements" tabindex="0"><table>
    <thead><tr><th scope="col">Entitlement</th><th scope="col">Product</th><th scope="col">Until</th><th scope="col">Renewal</th></tr></thead>
    <tbody>{{#entitlements}}<tr><td>{{identifier}}</td><td>{{productID}}</td><td>{{#expires}}<time datetime="{{iso}}" data-instant title="{{utc}}">{{utc}}</time>{{/expires}}{{^expires}}for ever{{/expires}}</td><td>{{renews}}</td></tr>{{/entitlements}}</tbody>
    </table></div>
    {{/hasEntitlements}}
    {{^hasEntitlements}}<p class="empty">No entitlement now. If the customer says they paid, look for their purchase below, or search by the id their receipt shows.</p>{{/hasEntitlements}}
    </section>
    <section id="subscriptions" aria-labelledby="subscriptions-heading">
    <h2 id="subscriptions-heading">Subscriptions and purchases</h2>
    {{#hasSubscriptions}}
    <div class="table-wrap" role="region" aria-label="Subscriptions" tabindex="0"><table>
    <thead><tr><th scope="col">Store</th><th scope="col">Id</th><th scope="col">Product</th><th scope="col">State</th><th scope="col">Since</th><th scope="col">Expires</th><th scope="col">Renews</th><th scope="col" class="number">Renewals</th><th scope="col"><span class="visually-hidden">Store actions</span></th></tr></thead>
    <tbody>{{#subscriptions}}<tr data-subscription="{{key}}"><td>{{store}}</td><td class="id">{{id}}</td><td>{{productID}}</td><td><span class="badge {{statusTone}}">{{status}}</span></td>
    <td><time datetime="{{started.iso}}" data-instant title="{{started.utc}}">{{started.utc}}</time></td>
    <td>{{#expires}}<time datetime="{{iso}}" data-instant title="{{utc}}">{{utc}}</time>{{/expires}}{{^expires}}—{{/expires}}</td><td>{{renews}}</td><td class="number">{{renewals}}</td>
    <td>{{#actions}}<a class="store-action" href="{{href}}">{{title}}<span class="visually-hidden"> ({{id}})</span></a> {{/actions}}</td></tr>{{/subscriptions}}</tbody>
    </table></div>
    {{/hasSubscriptions}}
    {{^hasSubscriptions}}<p class="empty">No purchase yet.</p>{{/hasSubscriptions}}
    </section>
    {{#canGrant}}
    <section id="actions" aria-labelledby="actions-heading">
    <h2 id="actions-heading">Support actions</h2>
    {{#hasOffers}}
    <form id="grant-offer" class="card inline" method="post" action="{{grantAction}}">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <div><label for="offer-id">Offer</label><select id="offer-id" name="offer_id">{{#offers}}<option value="{{value}}">{{label}}</option>{{/offers}}</select></div>
    <div><label for="reason">Reason</label><input id="reason" name="reason" placeholder="why, for the record" size="30"></div>
    <div><label for="days">Days to redeem</label><input id="days" name="days" type="number" min="1" max="366" value="30"></div>
    <div><button type="submit">Grant an offer…</button></div>
    </form>
    {{/hasOffers}}
    {{^hasOffers}}<p class="empty">The app's catalog has no offers to grant; add them under the products in perennial.yaml.</p>{{/hasOffers}}
    <div class="inline">
    <form id="refresh" method="post" action="{{refreshAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary">Ask the stores again…</button></form>
    {{#canErase}}<form id="erase" method="post" action="{{eraseAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="danger">Erase the customer…</button></form>{{/canErase}}
    </div>
    </section>
    {{/canGrant}}
    <section id="timeline" aria-labelledby="timeline-heading">
    <h2 id="timeline-heading">Timeline</h2>
    <p class="hint">What happened (events) and what the stores said (their transactions and renewal states), newest first.</p>
    {{#hasTimeline}}
    <ol class="timeline">
    {{#timeline}}<li class="timeline-entry{{#isFact}} fact{{/isFact}}" data-kind="{{kind}}"><span class="what">{{what}}</span> · <time datetime="{{at.iso}}" data-instant title="{{at.utc}}">{{at.utc}}</time>
    <div class="evidence"><span class="id">{{subscription}}</span> · {{evidence}}</div></li>{{/timeline}}
    </ol>
    {{/hasTimeline}}
    {{^hasTimeline}}<p class="empty">Nothing recorded yet.</p>{{/hasTimeline}}
    </section>
    {{> bottom}}
    """

    /// What a change will do, and the button that does it.
    static let confirm = """
    {{> top}}
    <h1>{{heading}}</h1>
    <p>{{summary}}</p>
    <form id="{{formID}}" class="inline" method="post" action="{{action}}">
    <input type="hidden" name="csrf" value="{{csrf}}">
    {{#fields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/fields}}
    <button type="submit">{{button}}</button> <a class="button secondary" href="{{cancel}}">Cancel</a>
    </form>
    {{> bottom}}
    """

    static let supportAction = """
    {{> top}}
    <h1>{{title}}</h1>
    <p>{{summary}}</p>
    <dl class="facts card"><dt>Customer</dt><dd class="id">{{appUserID}}</dd><dt>Subscription</dt><dd class="id">{{subscription}}</dd><dt>Product</dt><dd>{{productID}}</dd></dl>
    {{#done}}<p class="notice" role="status" id="action-done">{{done}}</p>{{/done}}
    {{#error}}<p class="alert" role="alert">{{error}}</p>{{/error}}
    {{^done}}<form id="support-action" class="card stack" method="post" action="{{action}}" aria-label="{{title}}">
    <input type="hidden" name="csrf" value="{{csrf}}">
    {{#fields}}<label for="field-{{name}}">{{label}}</label>
    {{#isNumber}}<input id="field-{{name}}" name="{{name}}" type="number" inputmode="numeric" min="{{minimum}}" max="{{maximum}}" required value="{{value}}">{{/isNumber}}
    {{^isNumber}}<select id="field-{{name}}" name="{{name}}">{{#choices}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/choices}}</select>{{/isNumber}}
    {{/fields}}
    <button type="submit">{{title}}</button> <a class="button secondary" href="{{back}}">Cancel</a>
    </form>{{/done}}
    <p><a href="{{back}}">Back to {{appUserID}}</a></p>
    {{> bottom}}
    """
}
