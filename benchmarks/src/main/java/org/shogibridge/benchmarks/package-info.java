/**
 * JMH benchmarks of the hot loops: move generation (perft), search and move inference. Results and the commands that
 * produced them are in docs/BENCHMARKS.md.
 */
package org.shogibridge.benchmarks;
