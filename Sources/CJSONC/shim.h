#ifndef DRAGREPLAY_CJSONC_SHIM_H
#define DRAGREPLAY_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
