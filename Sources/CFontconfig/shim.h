// fontconfig for Swift. Its string macros (FC_FILE, FC_FAMILY, …) import as Swift strings.
#pragma once
#include <fontconfig/fontconfig.h>
