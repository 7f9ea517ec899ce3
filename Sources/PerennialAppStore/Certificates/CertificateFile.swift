import Foundation
import SwiftASN1

/// Certificate files as people hand them over: DER, or PEM holding one or more certificates.
public enum CertificateFile {
    /// The DER certificates a file holds.
    public static func derCertificates(_ file: Data) -> [Data] {
        if let text = String(data: file, encoding: .utf8), text.contains("-----BEGIN"),
           let documents = try? PEMDocument.parseMultiple(pemString: text), !documents.isEmpty {
            return documents.map { Data($0.derBytes) }
        }
        return [file]
    }
}
