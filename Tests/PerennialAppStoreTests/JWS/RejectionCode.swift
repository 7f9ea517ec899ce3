import PerennialAppStore

/// The error a verification threw, or nil when it succeeded; any other error is recorded as a code of its own.
func rejection(_ body: () async throws -> Void) async -> VerificationError? {
    do {
        try await body()
        return nil
    } catch let error as VerificationError {
        return error
    } catch {
        return VerificationError(VerificationError.Code(rawValue: "unexpected"), "\(error)")
    }
}

/// The code a verification threw, or nil when it succeeded.
func rejectionCode(_ body: () async throws -> Void) async -> VerificationError.Code? {
    await rejection(body)?.code
}
