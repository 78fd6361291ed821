#pragma once
#include <zbar.h>
