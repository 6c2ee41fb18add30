/**
 * Pictor (line-fit-layout-unit): how far a line's content may overrun the width available to it and still fit.
 * Chromium's line breaker compares the content's width, in whole layout units (1/64 px, rounded up), with the
 * available width plus one layout unit (`AvailableWidthToFit()`, `AddEpsilon()`): text that needs a hair more than
 * its column stays on one line. JSON Resume's sceptile theme has an education heading 1/64 px wider than its
 * column, on one line in Chromium and on two here, which moved everything below it a line down.
 */
export const LINE_FIT_SLACK = 1 / 64
