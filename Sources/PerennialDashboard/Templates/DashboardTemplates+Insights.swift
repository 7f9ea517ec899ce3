extension DashboardTemplates {
    static let retention = """
    {{> top}}
    <h1>Retention of {{appID}}</h1>
    <form id="range" class="card inline" method="get" aria-label="Cohorts">
    <div><label for="from">Cohorts from</label><input id="from" name="from" type="date" value="{{from}}" required></div>
    <div><label for="to">to</label><input id="to" name="to" type="date" value="{{to}}" required></div>
    <div><button type="submit">Show</button></div>
    </form>
    <p class="hint">Each row is a month's new paid subscriptions; each column the share of them that reached that renewal (of those that could have by now). Darker is better.</p>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Retention by cohort" tabindex="0"><table id="retention" class="heat">
    <thead><tr><th scope="col" rowspan="2">Cohort</th><th scope="col" rowspan="2" class="number">Subscriptions</th><th scope="colgroup" colspan="{{columns}}">Share that reached renewal</th></tr>
    <tr>{{#headings}}<th scope="col" class="number">{{.}}</th>{{/headings}}</tr></thead>
    <tbody>{{#rows}}<tr><th scope="row">{{cohort}}</th><td class="number">{{subscriptions}}</td>{{#cells}}<td class="number {{tone}}" title="{{title}}">{{text}}</td>{{/cells}}</tr>{{/rows}}</tbody>
    </table></div>
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No paid subscription began in these months. Cohorts fill in as customers pay, through the app, the web or an import.</p>{{/hasRows}}
    {{> bottom}}
    """

    static let notifications = """
    {{> top}}
    <h1>Store notifications of {{appID}}</h1>
    <p class="hint">The notifications the stores sent, newest first, {{pageSize}} a page: processed, waiting, or rejected with the reason ({{rejected}} rejected here). Their bodies stay sealed.</p>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Notifications" tabindex="0"><table id="notifications">
    <thead><tr><th scope="col">Received</th><th scope="col">Store</th><th scope="col">Type</th><th scope="col">Outcome</th><th scope="col">Reason</th><th scope="col" class="number">Bytes</th></tr></thead>
    <tbody>{{#rows}}<tr><td><time datetime="{{received.iso}}" data-instant title="{{received.utc}}">{{received.utc}}</time></td><td>{{store}}</td><td>{{type}}</td><td><span class="badge {{tone}}">{{status}}</span></td><td><code>{{reason}}</code></td><td class="number">{{bytes}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{#next}}<p class="pager"><a href="{{next}}">Older notifications</a></p>{{/next}}
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No notification has arrived yet. Point each store's server notifications at Perennial (README, Configuration); <code>perennial doctor</code> says what is missing.</p>{{/hasRows}}
    {{> bottom}}
    """

    static let health = """
    {{> top}}
    <h1>Health of {{appID}}</h1>
    <p class="hint">What the server's checks of the app and its stores found (checked hourly, and as the stores answer), each with what to do.</p>
    {{#hasRows}}
    <ul class="timeline">{{#rows}}<li class="timeline-entry fact"><span class="what"><code>{{code}}</code> · {{store}}</span> · last seen <time datetime="{{seen.iso}}" data-instant title="{{seen.utc}}">{{seen.utc}}</time>
    <div>{{message}}</div>{{#fix}}<div class="evidence">Fix: {{fix}}</div>{{/fix}}</li>{{/rows}}</ul>
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No problem found: the stores answer and their notifications arrive.</p>{{/hasRows}}
    {{> bottom}}
    """

    static let webhooks = """
    {{> top}}
    <h1>Webhooks of {{appID}}</h1>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Webhook endpoints" tabindex="0"><table id="webhooks">
    <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Made by</th></tr></thead>
    <tbody>{{#rows}}<tr><td><a href="{{href}}">{{url}}</a></td><td>{{kinds}}</td><td>{{enabled}}</td><td>{{source}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No webhook endpoint yet. Add one under <code>webhooks</code> in perennial.yaml or with <code>POST /v1/admin/webhooks</code> (README, Webhooks).</p>{{/hasRows}}
    {{> bottom}}
    """

    static let webhook = """
    {{> top}}
    <h1>Webhook <span class="id">{{url}}</span></h1>
    <nav aria-label="Delivery states"><ul class="inline">{{#filters}}<li><a href="{{href}}"{{#current}} aria-current="{{current}}"{{/current}}>{{label}}</a></li>{{/filters}}</ul></nav>
    <div class="inline">
    <form method="post" action="{{base}}/dead-letters/retry"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary">Retry every failed delivery</button></form>
    <form id="replay" class="card inline" method="post" action="{{base}}/replay" aria-label="Replay">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <div><label for="replay-from">Replay from</label><input id="replay-from" name="from" type="date" value="{{from}}" required></div>
    <div><label for="replay-to">to</label><input id="replay-to" name="to" type="date" value="{{to}}" required></div>
    <div><button type="submit">Replay…</button></div>
    </form>
    </div>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Deliveries" tabindex="0"><table id="deliveries">
    <thead><tr><th scope="col" class="number">Delivery</th><th scope="col">Event</th><th scope="col">Customer</th><th scope="col">Occurred</th><th scope="col">State</th><th scope="col" class="number">Attempts</th><th scope="col">Last answer</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
    <tbody>{{#rows}}<tr data-delivery-id="{{id}}"><td class="number">{{id}}</td><td>{{kind}}</td><td class="id">{{customer}}</td>
    <td><time datetime="{{occurred.iso}}" data-instant title="{{occurred.utc}}">{{occurred.utc}}</time></td><td><span class="badge {{tone}}">{{state}}</span></td>
    <td class="number">{{attempts}}</td><td>{{lastStatus}} {{lastError}}</td>
    <td>{{#retryAction}}<form method="post" action="{{retryAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Retry<span class="visually-hidden"> delivery {{id}}</span></button></form>{{/retryAction}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{#next}}<p class="pager"><a href="{{next}}">Older deliveries</a></p>{{/next}}
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No delivery in this state yet: events are sent as customers' subscriptions change.</p>{{/hasRows}}
    {{> bottom}}
    """
}

extension DashboardTemplates {
    static let payouts = """
    {{> top}}
    <h1>Payouts of {{appID}}</h1>
    <form id="range" class="card inline" method="get" aria-label="Payment dates">
    <div><label for="from">Paid from</label><input id="from" name="from" type="date" value="{{from}}" required></div>
    <div><label for="to">to</label><input id="to" name="to" type="date" value="{{to}}" required></div>
    <div><button type="submit">Show</button></div>
    </form>
    <p class="hint">What each store pays, and when, for the proceeds recorded so far: the App Store by Apple's fiscal months, Google Play monthly, Stripe on its payout schedule (docs/payout-calendars.md).</p>
    {{#months}}
    <section class="card" aria-labelledby="{{anchor}}">
    <h2 id="{{anchor}}">{{name}}</h2>
    <div class="table-wrap" role="region" aria-label="Payments in {{name}}" tabindex="0"><table>
    <thead><tr><th scope="col">Paid on</th><th scope="col">Store</th><th scope="col">For</th><th scope="col">Revenue of</th><th scope="col" class="number">Proceeds</th><th scope="col" class="number">Lines</th></tr></thead>
    <tbody>{{#payments}}<tr><td>{{date}}</td><td>{{store}}</td><td>{{label}}</td><td>{{period}}</td><td class="number">{{#proceeds}}<span data-minor-units="{{minorUnits}}" data-currency="{{currency}}" data-digits="{{digits}}">{{text}}</span>{{/proceeds}}</td><td class="number">{{lines}}</td></tr>{{/payments}}</tbody>
    </table></div>
    <p>In all: {{#totals}}<strong data-minor-units="{{minorUnits}}" data-currency="{{currency}}" data-digits="{{digits}}">{{text}}</strong> {{/totals}}</p>
    </section>
    {{/months}}
    {{^hasMonths}}<p class="empty">No payment falls in these dates: stores pay about one to two months after the sales they pay for.</p>{{/hasMonths}}
    {{> bottom}}
    """
}

extension DashboardTemplates {
    static let offers = """
    {{> top}}
    <h1>Offers of {{appID}}</h1>
    <form id="range" class="card inline" method="get" aria-label="Range">
    <div><label for="from">From</label><input id="from" name="from" type="date" value="{{from}}" required></div>
    <div><label for="to">To</label><input id="to" name="to" type="date" value="{{to}}" required></div>
    <div><button type="submit">Show</button></div>
    </form>
    <p class="hint">Each offer redeemed from {{from}} to {{to}} (UTC days), and what it won back: the paid periods that followed it while the subscription kept going, and their proceeds, on the days they began (docs/metrics.md, offers).</p>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Offers" tabindex="0"><table id="offers">
    <thead><tr><th scope="col">Kind</th><th scope="col">Offer</th><th scope="col" class="number">Redemptions</th><th scope="col" class="number">Paid periods after</th><th scope="col" class="number">Proceeds after</th></tr></thead>
    <tbody>{{#rows}}<tr><td>{{kind}}</td><td class="id">{{offer}}</td><td class="number">{{redemptions}}</td><td class="number">{{renewals}}</td>
    <td class="number">{{#proceeds}}<span data-minor-units="{{minorUnits}}" data-currency="{{currency}}" data-digits="{{digits}}">{{text}}</span> {{/proceeds}}{{^proceeds}}—{{/proceeds}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No offer was redeemed in this range. Offers are configured per product in perennial.yaml; support grants one from a customer's page, and paywalls can present them.</p>{{/hasRows}}
    {{> bottom}}
    """
}
