/**
 * USI: the server that makes the built-in engine a USI engine, and the client that runs an external one.
 */
package org.shogibridge.device.usi;
