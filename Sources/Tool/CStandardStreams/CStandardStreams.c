#include "CStandardStreams.h"
#include <errno.h>
#include <stdio.h>

int cellfit_standard_output_error(void) {
    errno = 0;
    int flushed = fflush(stdout);
    if (flushed == 0 && !ferror(stdout)) return 0;
    return errno != 0 ? errno : EIO;
}
