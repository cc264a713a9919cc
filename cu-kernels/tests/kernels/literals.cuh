// literals.cu's header: an edit to it rebuilds what includes it (issue 41, item 12).
#pragma once
#define LITERALS_BASE 1
