/**
 * Self-play and training of the evaluation weights from labelled positions (pure logic, no I/O).
 */
package org.shogibridge.lab.learning;
