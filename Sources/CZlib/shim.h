#ifndef PERENNIAL_CZLIB_SHIM_H
#define PERENNIAL_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro, which Swift cannot call: this starts a stream that reads the gzip format
/// (16 + MAX_WBITS: a gzip header and trailer around a deflate stream with the largest window).
static inline int perennial_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

#endif
