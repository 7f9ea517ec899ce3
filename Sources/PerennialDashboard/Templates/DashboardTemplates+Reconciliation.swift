extension DashboardTemplates {
    static let reconciliation = """
    {{> top}}
    <h1>Reconciliation of {{appID}}</h1>
    <p class="hint">Compare a store's own reports with what Perennial recorded, day by day: App Store Connect Summary Sales and Subscription Event reports (tab-separated, <code>.txt</code> or <code>.txt.gz</code> as downloaded) and Google Play earnings reports (<code>.csv</code>). App Store days are Pacific time. The files are read, compared and forgotten; nothing is stored.</p>
    {{#error}}<p class="alert" role="alert" id="reconciliation-error">{{error}}</p>{{/error}}
    <form id="reconcile" class="card stack" method="post" action="{{action}}" enctype="multipart/form-data" data-max-bytes="{{maximumBytes}}" aria-label="Compare reports">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="reports">Report files</label>
    <input id="reports" name="reports" type="file" multiple required accept=".txt,.gz,.csv,.tsv,text/plain,text/csv,text/tab-separated-values,application/gzip" aria-describedby="reports-hint">
    <p class="hint" id="reports-hint">Up to {{maximumMegabytes}} MB in all; for larger files, run <code>perennial reconcile</code> on the server.</p>
    <label for="apple-products">Subscription Apple IDs (Subscription Event reports only)</label>
    <textarea id="apple-products" name="apple_products" rows="3" spellcheck="false" placeholder="6400000001=pro.monthly" aria-describedby="apple-products-hint{{#productsError}} apple-products-problem{{/productsError}}"{{#productsError}} aria-invalid="true"{{/productsError}}>{{appleProducts}}</textarea>
    {{#productsError}}<p class="alert" id="apple-products-problem">{{productsError}}</p>{{/productsError}}
    <p class="hint" id="apple-products-hint">One <code>APPLE_ID=PRODUCT_ID</code> a line: the product identifier of each Subscription Apple ID the report names.</p>
    <p class="alert" role="alert" data-size-message hidden></p>
    <div><button type="submit">Compare</button></div>
    </form>
    {{#reports}}
    <section class="card" aria-labelledby="{{anchor}}">
    <h2 id="{{anchor}}">{{title}}: {{filename}}</h2>
    <p>{{#reconciled}}<span class="badge good">Every day matches</span>{{/reconciled}}{{^reconciled}}<span class="badge bad">Differences found</span>{{/reconciled}} Days in {{timeZone}}.</p>
    <div class="table-wrap" role="region" aria-label="Days of {{filename}}" tabindex="0"><table class="reconciliation-days">
    <thead><tr><th scope="col">Day</th><th scope="col" class="number">Store</th><th scope="col" class="number">Perennial</th><th scope="col">Result</th></tr></thead>
    <tbody>{{#days}}<tr><td class="nowrap">{{day}}</td><td class="number">{{storeCount}}</td><td class="number">{{perennialCount}}</td><td>{{#matches}}{{result}}{{/matches}}{{^matches}}<strong>{{result}}</strong>{{/matches}}</td></tr>{{/days}}</tbody>
    </table></div>
    {{#hasDifferences}}
    <h3>Differences</h3>
    <div class="table-wrap" role="region" aria-label="Differences in {{filename}}" tabindex="0"><table class="reconciliation-differences">
    <thead><tr><th scope="col">Which side has more</th><th scope="col">Days</th><th scope="col">What</th><th scope="col">Kind</th><th scope="col" class="number">Store</th><th scope="col" class="number">Perennial</th><th scope="col">Perennial's transactions</th></tr></thead>
    <tbody>{{#differences}}<tr data-side="{{side}}"><td>{{sideText}}</td><td class="nowrap">{{days}}</td><td class="id nowrap">{{subject}}</td><td>{{kind}}</td><td class="number">{{storeCount}}</td><td class="number">{{perennialCount}}</td><td class="id">{{transactions}}</td></tr>{{/differences}}</tbody>
    </table></div>
    {{/hasDifferences}}
    </section>
    {{/reports}}
    {{^hasReports}}<p class="empty">Choose the reports downloaded from App Store Connect (Sales and Trends, Reports) or the Play Console (Download reports, Financial) and compare them: each day the store and Perennial count alike says so, and each difference names what one side has and the other lacks.</p>{{/hasReports}}
    {{> bottom}}
    """
}
