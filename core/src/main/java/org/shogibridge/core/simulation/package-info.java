/**
 * Simulated human hands and noisy sensors, for the simulated board, replays and tests.
 */
package org.shogibridge.core.simulation;
