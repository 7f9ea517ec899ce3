import PerennialServices

/// What every page's frame shows (`top` and `bottom` partials): the title, the assets, the person, the
/// apps they may switch between, the links their role allows, and a message about what just happened.
struct Chrome: Sendable {
    struct Link: Sendable {
        var label: String
        var href: String
        /// `page` on the link of the page shown (`aria-current`), else nil.
        var current: String?
    }

    var title: String
    var css = DashboardAssets.stylesheetPath
    var js = DashboardAssets.scriptPath
    var signedIn = false
    var userName = ""
    var userEmail = ""
    var role = ""
    var csrf = ""
    var apps: [Link] = []
    /// Whether the person has more than one app to switch between.
    var showApps = false
    var nav: [Link] = []
    /// Said once, in a status region, after a change (`?done=`).
    var status: String?

    /// The frame of a page nobody is signed in to.
    init(title: String) {
        self.title = title
    }

    /// The frame of a signed-in page; `app` and `section` mark where the person is.
    init(title: String, signedIn: SignedIn, apps visible: [AppSettings], app: String?, section: DashboardSection?) {
        self.title = title
        self.signedIn = true
        userName = signedIn.user.name
        userEmail = signedIn.user.email
        role = signedIn.user.role.rawValue
        csrf = signedIn.csrfToken
        let appID = app ?? visible.first?.id
        apps = visible.map { Link(label: $0.id, href: DashboardPaths.app($0.id, .overview), current: $0.id == app ? "page" : nil) }
        showApps = apps.count > 1
        if let appID {
            nav = DashboardSection.allCases.filter { $0 != .users && signedIn.user.role.allows($0.role) }.map {
                Link(label: $0.label, href: DashboardPaths.app(appID, $0), current: $0 == section ? "page" : nil)
            }
        }
        if signedIn.user.role.allows(.owner) {
            nav.append(Link(label: DashboardSection.users.label, href: DashboardPaths.users, current: section == .users ? "page" : nil))
        }
    }
}
