import PerennialPayPalSimulator

/// The PayPal simulator's certificate authority, which tests sign PayPal deliveries with.
public typealias PayPalTestAuthority = PayPalSigningAuthority
