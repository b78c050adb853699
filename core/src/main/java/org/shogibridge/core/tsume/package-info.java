/**
 * Tsume (mate problems) played on the board: the built-in set ({@link TsumeSet}), the checks every problem of it
 * passes ({@link TsumeCheck}: one solution, every defence answered, no piece the mate does not need), and the
 * defender's side of a problem being solved ({@link TsumeDefender}: the longest defence, or the refutation of a wrong
 * attack). Pure: positions in, moves out; the mate solver of the engine package decides.
 */
package org.shogibridge.core.tsume;
