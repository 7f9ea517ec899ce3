extension DashboardTemplates {
    static let account = """
    {{> top}}
    <h1>Your account</h1>
    <dl class="facts card"><dt>Name</dt><dd>{{name}}</dd><dt>Email</dt><dd>{{email}}</dd><dt>Role</dt><dd>{{role}}</dd><dt>Apps</dt><dd>{{apps}}</dd></dl>
    <h2 id="password-heading">Change your password</h2>
    {{#error}}<p class="alert" role="alert">{{error}}</p>{{/error}}
    <form id="change-password" class="card stack" method="post" action="/dashboard/account/password" aria-labelledby="password-heading">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="text" name="username" value="{{email}}" autocomplete="username" hidden>
    <label for="current-password">Current password</label><input id="current-password" name="current_password" type="password" autocomplete="current-password" required>
    <label for="new-password">New password (12 characters or more)</label><input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="12">
    <label for="repeat-password">New password again</label><input id="repeat-password" name="repeat_password" type="password" autocomplete="new-password" required minlength="12">
    <button type="submit">Change the password</button>
    </form>
    <p class="hint">Changing it signs you out everywhere else.</p>
    {{> bottom}}
    """
}
