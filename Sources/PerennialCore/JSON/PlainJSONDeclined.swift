/// Thrown by `PlainJSONReader` when the input leaves the plain subset it reads: the caller then decodes the
/// same bytes with Foundation's `JSONDecoder`, which either accepts them or reports the error.
package struct PlainJSONDeclined: Error {
    package init() {}
}
