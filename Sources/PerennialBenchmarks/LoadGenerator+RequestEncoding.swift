import NIOCore

extension LoadGenerator.Request {
    /// Writes the request as HTTP/1.1 bytes: request line, `Host`, the request's headers, `Content-Length`
    /// when it has a body (always for POST), then the body.
    func write(into buffer: inout ByteBuffer, host: String) {
        buffer.writeStaticString(method == .get ? "GET " : "POST ")
        buffer.writeString(path)
        buffer.writeStaticString(" HTTP/1.1\r\nHost: ")
        buffer.writeString(host)
        buffer.writeStaticString("\r\n")
        for (name, value) in headers {
            buffer.writeString(name)
            buffer.writeStaticString(": ")
            buffer.writeString(value)
            buffer.writeStaticString("\r\n")
        }
        if body != nil || method == .post {
            buffer.writeStaticString("Content-Length: ")
            buffer.writeString(String(body?.readableBytes ?? 0))
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("\r\n")
        if var body { buffer.writeBuffer(&body) }
    }
}
