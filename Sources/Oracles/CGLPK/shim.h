// The GLPK C API for Swift. libglpk-dev ships no pkg-config file, so the
// module map links "glpk" directly and this header only includes glpk.h.
#ifndef CELLFIT_CGLPK_SHIM_H
#define CELLFIT_CGLPK_SHIM_H

#include <glpk.h>

#endif
