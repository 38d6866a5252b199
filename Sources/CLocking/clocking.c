#include "clocking.h"
