/**
 * The named daemon threads every executor of the device layer runs on.
 */
package org.shogibridge.device.threads;
