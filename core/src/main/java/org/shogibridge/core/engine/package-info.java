/**
 * The built-in engine: alpha-beta search with its tables and histories, lazy SMP helpers on an executor the caller
 * supplies, the evaluation and its weights, the levels, and the mate solver. Pure logic: time and threads are
 * given to it; no allocation per node.
 */
package org.shogibridge.core.engine;
