/// The helpers ChevronText is built on (escaping, line breaks, byte-wise strings, the cache
/// keys' hash), seen by every module that imports ChevronText.
@_exported import ChevronSupport
