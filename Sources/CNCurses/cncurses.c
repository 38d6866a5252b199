#include "cncurses.h"
