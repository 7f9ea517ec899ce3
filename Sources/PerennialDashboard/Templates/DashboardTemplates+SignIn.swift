extension DashboardTemplates {
    static let signIn = """
    {{> top}}
    <div class="narrow">
    <h1>Sign in to Perennial</h1>
    {{#error}}<p class="alert" role="alert">{{error}}</p>{{/error}}
    <form id="sign-in" class="stack" method="post" action="/dashboard/login">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <input type="hidden" name="next" value="{{next}}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="{{email}}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
    </form>
    <p class="hint">No one to sign in as yet? Create the first owner on the server:
    <code>perennial users create --role owner --email you@example.com --name "Your Name" --password-stdin</code></p>
    </div>
    {{> bottom}}
    """
}
