import Foundation

/// Posts notifications to `POST /v1/apple/notifications/{app_id}` as the App Store does, many at a time;
/// with several servers, as a load balancer in front of them would, each notification to one in turn.
struct NotificationDelivery: Sendable {
    let client: LoopbackClient
    /// The endpoint on each server.
    let urls: [String]
    let concurrency: Int

    /// Posts each notification once, `concurrency` at a time. With `crashAfter`, calls `crash` `crashDelay`
    /// after that many 200s came (sending goes on meanwhile, so the server dies in the middle of its work),
    /// then sends nothing more; the requests in flight succeed or fail as the server dies.
    func deliver(
        _ notifications: [WorkloadNotification], crashAfter: Int? = nil, crashDelay: Duration = .zero,
        crash: @escaping @Sendable () -> Void = {}
    ) async -> DeliveryReport {
        let progress = DeliveryProgress(count: notifications.count, crashAfter: crashAfter)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while let index = progress.take() {
                        let notification = notifications[index]
                        let answer = await client.post(urls[index % urls.count], json: notification.body)
                        guard answer.status == 200 else {
                            progress.refuse(answer)
                            continue
                        }
                        let queued = answer.body.contains("\"status\":\"queued\"")
                        let repeated = answer.body.contains("\"repeat\":true")
                        if progress.acknowledge(notification.uuid, queued: queued, repeated: repeated) {
                            try? await Task.sleep(for: crashDelay)
                            crash()
                            progress.stopSending()
                        }
                    }
                }
            }
        }
        return progress.report
    }
}
