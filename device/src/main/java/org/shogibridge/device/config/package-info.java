/**
 * The YAML configuration and the run options: read strictly, every error naming the file, line and key.
 */
package org.shogibridge.device.config;
