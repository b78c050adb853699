/**
 * The lab's commands: match, judge, selfplay, teach, train, and the benchmarks of the daemon, the board link and
 * the scan.
 */
package org.shogibridge.lab.cli;
