export { DataActions } from './data-actions';
export { DownloadDataDialog } from './download-data-dialog';
export { EraseDataDialog } from './erase-data-dialog';
export { RestoreDataDialog } from './restore-data-dialog';
