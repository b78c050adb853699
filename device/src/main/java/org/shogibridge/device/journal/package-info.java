/**
 * The crash-safe journal of the game in progress (a line per change, forced to disk before it is published, healed
 * after a torn write) and the games directory of record files.
 */
package org.shogibridge.device.journal;
