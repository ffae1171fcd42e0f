// glibc's malloc extensions for Swift (malloc_trim), which the Glibc module does not import.
#pragma once
#include <malloc.h>
