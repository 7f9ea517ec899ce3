extension DashboardTemplates {
    static let jobs = """
    {{> top}}
    <h1>Jobs of {{appID}}: {{stateLabel}}</h1>
    <nav aria-label="Job states"><ul class="inline">{{#filters}}<li><a href="{{href}}"{{#current}} aria-current="{{current}}"{{/current}}>{{label}}</a></li>{{/filters}}</ul></nav>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Jobs" tabindex="0"><table id="jobs">
    <thead><tr><th scope="col" class="number">Job</th><th scope="col">Kind</th><th scope="col" class="number">Attempts</th><th scope="col">Created</th><th scope="col">Due</th><th scope="col">Last error</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
    <tbody>{{#rows}}<tr data-job-id="{{id}}"><td class="number">{{id}}</td><td>{{kind}}</td><td class="number">{{attempts}}</td>
    <td><time datetime="{{created.iso}}" data-instant title="{{created.utc}}">{{created.utc}}</time></td>
    <td><time datetime="{{runAt.iso}}" data-instant title="{{runAt.utc}}">{{runAt.utc}}</time></td>
    <td>{{#lastError}}{{lastError}}{{/lastError}}{{^lastError}}—{{/lastError}}</td>
    <td>{{#retryAction}}<form class="retry-job" method="post" action="{{retryAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Retry<span class="visually-hidden"> job {{id}}</span></button></form>{{/retryAction}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{#next}}<p class="pager"><a href="{{next}}">Later jobs</a></p>{{/next}}
    {{/hasRows}}
    {{^hasRows}}<p class="empty">No job in this state. Dead letters appear here when work keeps failing (a store refusing, a notification that cannot be read); retry them once the cause is mended.</p>{{/hasRows}}
    {{> bottom}}
    """

    static let audit = """
    {{> top}}
    <h1>Audit log of {{appID}}</h1>
    <p class="hint">Every admin request made with the app's keys and every change made here, under the person's name; newest first.</p>
    {{#hasRows}}
    <div class="table-wrap" role="region" aria-label="Audit log" tabindex="0"><table id="audit">
    <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Status</th></tr></thead>
    <tbody>{{#rows}}<tr><td><time datetime="{{at.iso}}" data-instant title="{{at.utc}}">{{at.utc}}</time></td><td>{{who}}</td><td><code>{{method}} {{path}}</code></td><td>{{status}}</td></tr>{{/rows}}</tbody>
    </table></div>
    {{#next}}<p class="pager"><a href="{{next}}">Older entries</a></p>{{/next}}
    {{/hasRows}}
    {{^hasRows}}<p class="empty">Nothing recorded yet: admin requests and dashboard changes appear here.</p>{{/hasRows}}
    {{> bottom}}
    """

    static let users = """
    {{> top}}
    <h1>People</h1>
    <div class="table-wrap" role="region" aria-label="People" tabindex="0"><table id="users">
    <thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Apps</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>{{#rows}}<tr><td>{{email}}</td><td>{{name}}</td><td>{{role}}</td><td>{{apps}}</td><td><time datetime="{{created.iso}}" data-instant title="{{created.utc}}">{{created.utc}}</time></td>
    <td><a class="button secondary" href="{{accessPage}}">Change access<span class="visually-hidden"> ({{email}})</span></a>
    <form class="inline" method="post" action="{{signOutAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary">Sign out everywhere<span class="visually-hidden"> ({{email}})</span></button></form>
    {{^isSelf}}<form class="inline" method="post" action="{{deleteAction}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="danger">Remove…<span class="visually-hidden"> ({{email}})</span></button></form>{{/isSelf}}</td></tr>{{/rows}}</tbody>
    </table></div>
    <h2 id="add-heading">Add a person</h2>
    {{#error}}<p class="alert" role="alert">{{error}}</p>{{/error}}
    <form id="create-user" class="card stack" method="post" action="/dashboard/users" aria-labelledby="add-heading">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="new-email">Email</label><input id="new-email" name="email" type="email" autocomplete="off" required value="{{email}}">
    <label for="new-name">Name</label><input id="new-name" name="name" required value="{{name}}">
    <label for="new-role">Role</label><select id="new-role" name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>
    <label for="new-apps">Apps (comma-separated; empty for every app)</label><input id="new-apps" name="apps" value="{{appsField}}" placeholder="{{appList}}" aria-describedby="apps-hint">
    <span id="apps-hint" class="hint">Viewers see numbers only; support also customers; admins also operations; owners everything, people included.</span>
    <label for="first-password">First password (12 characters or more; they change it on their account page)</label><input id="first-password" name="password" type="password" autocomplete="new-password" required minlength="12">
    <button type="submit">Add the person</button>
    </form>
    {{> bottom}}
    """

    static let userAccess = """
    {{> top}}
    <h1>Access of {{name}}</h1>
    <p class="hint">{{email}} is {{role}} today. A new role or other apps apply from their next page; their sessions stay.</p>
    {{#error}}<p class="alert" role="alert">{{error}}</p>{{/error}}
    <form id="change-access" class="card stack" method="post" action="{{action}}" aria-labelledby="access-heading">
    <h2 id="access-heading">Role and apps</h2>
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="access-role">Role</label><select id="access-role" name="role">{{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>
    <label for="access-apps">Apps (comma-separated; empty for every app; an owner has every app)</label><input id="access-apps" name="apps" value="{{appsField}}" placeholder="{{appList}}" aria-describedby="access-hint">
    <span id="access-hint" class="hint">Viewers see numbers only; support also customers; admins also operations; owners everything, people included.</span>
    <button type="submit">Save the access</button>
    </form>
    <p><a href="/dashboard/users">Back to the people</a></p>
    {{> bottom}}
    """
}
