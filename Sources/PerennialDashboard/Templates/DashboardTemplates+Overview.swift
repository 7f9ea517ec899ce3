extension DashboardTemplates {
    static let overview = """
    {{> top}}
    <h1>Overview of {{appID}}</h1>
    <form id="range" class="card inline" method="get" aria-label="Range and filters">
    <div><label for="from">From</label><input id="from" name="from" type="date" value="{{from}}" required></div>
    <div><label for="to">To</label><input id="to" name="to" type="date" value="{{to}}" required></div>
    <div><label for="environment">Environment</label><select id="environment" name="environment">{{#environments}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/environments}}</select></div>
    <div><label for="store">Store</label><select id="store" name="store">{{#stores}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/stores}}</select></div>
    <div><label for="product">Product</label><input id="product" name="product" value="{{product}}" placeholder="any product"></div>
    <div><label for="country">Country</label><input id="country" name="country" value="{{country}}" placeholder="any, e.g. USA" size="10"></div>
    <div><button type="submit">Show</button></div>
    </form>
    <p class="hint">Stocks (active subscriptions, trials, MRR) are their value at the end of {{to}}; the other figures add up every day from {{from}} to {{to}} (UTC days).</p>
    {{^hasData}}<p class="empty">No subscriptions in this range yet. Once customers buy, through your app, the web paywall or an import (<code>perennial import</code>), their numbers appear here.</p>{{/hasData}}
    <ul class="figures">
    {{#figures}}
    <li class="figure" data-metric="{{metric}}" data-key="{{key}}" data-kind="{{kind}}" data-value="{{value}}">
    <span class="label">{{label}}</span>
    {{#money}}<span class="value" data-minor-units="{{minorUnits}}" data-currency="{{currency}}" data-digits="{{digits}}">{{text}}</span>{{/money}}
    {{^money}}<span class="value">{{text}}</span>{{/money}}
    {{#note}}<span class="hint">{{note}}</span>{{/note}}
    {{#explain}}<a href="{{explain}}">What makes this number<span class="visually-hidden"> ({{label}})</span></a>{{/explain}}
    </li>
    {{/figures}}
    </ul>
    <h2>Over the range</h2>
    <div class="charts">
    {{#charts}}<figure class="chart card" aria-labelledby="{{id}}-heading"><figcaption id="{{id}}-heading">{{heading}}</figcaption>{{{svg}}}</figure>{{/charts}}
    </div>
    {{> bottom}}
    """

    static let explain = """
    {{> top}}
    <h1>What makes {{metric}}</h1>
    <p>The subscriptions behind the figure from {{from}} to {{to}}, with what each adds. <a href="{{back}}">Back to the overview</a></p>
    {{#truncated}}<p class="alert" role="alert">Only the first rows are shown; narrow the range or the filters to see every one.</p>{{/truncated}}
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Subscriptions" tabindex="0"><table id="explanation">
    <thead><tr><th scope="col">Subscription</th><th scope="col">Store</th><th scope="col">Customer</th><th scope="col">Adds</th></tr></thead>
    <tbody>{{#rows}}<tr><td class="id">{{subscription}}</td><td>{{store}}</td><td>{{#customerHref}}<a href="{{customerHref}}">{{customer}}</a>{{/customerHref}}{{^customerHref}}—{{/customerHref}}</td><td>{{values}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No subscription adds to this figure over the range.</p>{{/hasRows}}
    {{> bottom}}
    """
}
