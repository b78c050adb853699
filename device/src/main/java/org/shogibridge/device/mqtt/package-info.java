/**
 * The broker link (Paho, an ordered outbox, reconnection with back-off), the embedded Moquette broker, and the
 * topics' JSON.
 */
package org.shogibridge.device.mqtt;
