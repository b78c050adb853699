/**
 * Engine matches judged by the rules core, openings files, Elo estimates, and the move judge.
 */
package org.shogibridge.lab.match;
