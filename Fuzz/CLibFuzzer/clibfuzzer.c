#include "clibfuzzer.h"
