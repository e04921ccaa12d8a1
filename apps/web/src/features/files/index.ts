// The files feature: an order's footage and files, uploaded through tus (resumable) and downloaded.
export { OrderFiles } from './components/order-files';
export { uploadOrderFile } from './api/upload-order-file';
