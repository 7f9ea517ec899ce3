extension SimulatorSigningAuthority {
    /// Signs `payload` the way the App Store signs its data: a compact JWS with header
    /// `{"alg": "ES256", "x5c": [leaf, intermediate, root]}` and the leaf's raw `r || s` signature. For tools
    /// that need App Store-shaped signed data of their own (`perennial-bench` signs its notifications so).
    public func signCompactJWS(_ payload: some Encodable) throws -> String {
        try SimulatorJWS.sign(payload, with: self)
    }
}
