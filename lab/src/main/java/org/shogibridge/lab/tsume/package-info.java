/** Making the built-in tsume from positions of real games: found by the mate solver, cut down, checked. */
package org.shogibridge.lab.tsume;
