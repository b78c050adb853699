/**
 * One serializer of the game state, used by the journal and by MQTT alike.
 */
package org.shogibridge.device.state;
