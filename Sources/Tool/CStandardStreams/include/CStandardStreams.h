#ifndef CSTANDARDSTREAMS_H
#define CSTANDARDSTREAMS_H

/// Flushes C's standard output and reports whether any write to it failed since the
/// program started: 0 when everything printed reached the descriptor, else the error
/// number of the failure (EIO when the system gave none). Swift 6 cannot name `stdout`
/// (a mutable C global), so the check lives here.
int cellfit_standard_output_error(void);

#endif
